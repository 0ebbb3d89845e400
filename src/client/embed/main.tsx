// Before any module that makes a schema.
import '../lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EMBED_DATA_ID, parseEmbedOptions } from '../../shared/sharing/sharing-rules';
import type { EmbedItem } from '../../shared/sharing/sharing';
import { EmbedApp } from './embed-app';
import './embed.css';

// The embeddable player's entry (embed.html): the item arrives written into the page by the server
// (never a request before the first frame), and nothing of the app's shell loads.
const data = document.getElementById(EMBED_DATA_ID)?.textContent;
const item = data ? (JSON.parse(data) as EmbedItem) : null;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <EmbedApp item={item} options={parseEmbedOptions(new URLSearchParams(window.location.search))} />
  </StrictMode>,
);
