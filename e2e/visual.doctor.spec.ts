import { reviewPagesOf } from "./visual-review";

reviewPagesOf("doctor");
