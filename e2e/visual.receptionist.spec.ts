import { reviewPagesOf } from "./visual-review";

reviewPagesOf("receptionist");
