import { checkPagesOf } from "./role-pages";

checkPagesOf("doctor");
