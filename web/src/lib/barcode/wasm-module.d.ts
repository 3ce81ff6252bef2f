// The build (Bun's file loader) turns an imported .wasm file into a hashed asset and the import into its URL.
declare module '*.wasm' {
  const url: string;
  export default url;
}
