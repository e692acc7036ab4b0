import { checkPagesOf } from "./role-pages";

checkPagesOf("admin");
