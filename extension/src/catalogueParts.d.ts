// A catalogue part imported by name (scripts/build/catalogueParts.ts cuts it out at build time).
declare module '*?part=common' {
  const part: { [key: string]: unknown };
  export default part;
}
declare module '*?part=extension' {
  const part: { [key: string]: unknown };
  export default part;
}
declare module '*?part=linkForm' {
  const part: { [key: string]: unknown };
  export default part;
}
declare module '*?part=messages' {
  const part: { [key: string]: unknown };
  export default part;
}
declare module '*?part=qr' {
  const part: { [key: string]: unknown };
  export default part;
}
