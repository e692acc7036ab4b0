import { reviewPagesOf } from "./visual-review";

reviewPagesOf("admin");
