import { NotFoundError, problemResponse } from "@/lib/server/errors";
import { answerRequest } from "@/lib/server/request-context";

/** Any /api/ address no route serves: a 404 problem for every method, never the HTML not-found page. */
const notFound = (req: Request) => answerRequest(req, `${req.method} not-found`, async () => problemResponse(new NotFoundError("No API answers at this address.")));

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as OPTIONS };
