export function RouterErrorPage() {
  return <h1>Unexpected Application Error!</h1>;
}
