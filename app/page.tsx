import { redirect } from "next/navigation";
import { homePathFor } from "@/lib/access";
import { getStaffSession } from "@/lib/server/auth/session";

export default async function Home() {
  const staff = await getStaffSession();
  redirect(staff ? homePathFor(staff.role) : "/login");
}
