export { CallbackPage } from "./callback-page.tsx";
