// Stands in for the service the feedback form posts to.
export function POST() {
  return Response.json({ id: 1 }, { status: 201 });
}
