/** Vite's `?worker` imports: the module's default export constructs the bundled worker. */
declare module '*?worker' {
  const WorkerFactory: new (options?: { name?: string }) => Worker;
  export default WorkerFactory;
}
