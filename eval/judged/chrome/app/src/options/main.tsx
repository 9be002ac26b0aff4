import { createRoot } from 'react-dom/client';
import { Options } from './Options';

createRoot(document.getElementById('root')!).render(<Options />);
