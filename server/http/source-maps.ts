// Source maps are never served, from any folder (issue 56): they would publish the widgets', the site's and
// the examples' sources. The build still writes them into dist/, for an error reporter that wants them to be
// uploaded to it (docs/operations.md); none fetches them from here.
const SOURCE_MAP = /\.map(\.br|\.gz)?$/;

/** `allowedPath` for every static folder: anything but a source map (or its compressed copy). */
export const notSourceMap = (pathName: string) => !SOURCE_MAP.test(pathName);
