import { checkPagesOf } from "./role-pages";

checkPagesOf("receptionist");
