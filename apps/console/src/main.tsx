import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Boot() {
  return <div>Gateway console</div>;
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Boot />
  </StrictMode>,
);
