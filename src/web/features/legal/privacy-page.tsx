export default function Page() { return <main><h1>Regalo</h1></main>; }
