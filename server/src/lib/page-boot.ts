import { createHash } from 'node:crypto';

/** What the app dispatches on `document` once it has hydrated (web/src/ssr-state.ts). */
const APP_HYDRATED_EVENT = 'vastra:hydrated';

/**
 * The script that starts the app on a server-rendered page, inline in its head: the app's own
 * scripts and stylesheet links are not in the HTML (no request of theirs competes with the page's
 * largest photo for a phone's bandwidth, nor its evaluation for the CPU); once the first photo of
 * `#root main` is decoded and painted (or after a second at most, or at once when there is none),
 * this adds them — the screen's stylesheets as never-applied links (the app's chunk loader then
 * does not wait for them: the page inlines them), its chunks as modulepreload, and the entry — from
 * its own data attributes (`data-css`, `data-preload`, `data-src`: space-separated paths).
 *
 * Until the app has hydrated, a button pressed on the page (a colour, a size, the language switch)
 * has no handler yet: the press is held (up to five) and replayed on the same element once the app
 * says it has hydrated and React has taken the element over, in order and one a task, instead of
 * being lost. Links work without the app and are left alone.
 *
 * The same text on every page, so the Content-Security-Policy allows it by its hash
 * (`PAGE_BOOT_HASH`) and still allows no other inline script.
 */
export const PAGE_BOOT_SCRIPT = [
  '(function(){',
  'var d=document,me=d.currentScript,data=me.dataset,started=0,live=0,held=[];',
  'function add(tag,attrs){var e=d.createElement(tag);for(var k in attrs)e.setAttribute(k,attrs[k]);d.head.appendChild(e)}',
  'function each(list,f){(list||"").split(" ").forEach(function(u){if(u)f(u)})}',
  'function go(){if(started)return;started=1;',
  'each(data.css,function(u){add("link",{rel:"stylesheet",media:"not all",crossorigin:"",href:u})});',
  'each(data.preload,function(u){add("link",{rel:"modulepreload",crossorigin:"",href:u})});',
  'add("script",{type:"module",crossorigin:"",src:data.src})}',
  'function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}',
  'function start(){var photo=d.querySelector(\'#root main img[loading="eager"]\');',
  'if(!photo||!photo.decode)return go();setTimeout(go,1000);photo.decode().then(painted,painted)}',
  'd.addEventListener("click",function(e){if(live)return;',
  'var b=e.target&&e.target.closest&&e.target.closest(\'button,[role="button"],[role="radio"],[role="switch"]\');',
  'if(!b||!b.closest("#root"))return;e.preventDefault();e.stopPropagation();if(held.length<5)held.push(b)},true);',
  // Each press once React has hydrated its element (React's props on it: a product's buy box
  // hydrates after the page, in a Suspense boundary of its own; three seconds at most), and one a
  // task, so the app renders the first (a size chosen) before the next (Add to cart) runs.
  'function hydrated(b){return Object.keys(b).some(function(k){return k.indexOf("__reactProps$")===0})}',
  'function replay(){var b=held[0];if(!b)return;',
  'if(b.isConnected&&!hydrated(b)&&Date.now()-live<3000)return setTimeout(replay,50);',
  'held.shift();if(b.isConnected)b.click();setTimeout(replay,0)}',
  `d.addEventListener("${APP_HYDRATED_EVENT}",function(){live=Date.now();replay()});`,
  'if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",start);else start()',
  '})()',
].join('');

/** The boot script's CSP source (`'sha256-…'`). */
export const PAGE_BOOT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`;
