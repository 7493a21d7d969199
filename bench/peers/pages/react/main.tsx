/** A React hello page: what a host page costs before any wallet kit (the reference). */
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(<h1>Hello</h1>)
