/** The English model package of tesseract.js ships no types: its index says where the model is. */
declare module '@tesseract.js-data/eng' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
