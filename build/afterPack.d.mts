// Types for build/afterPack.mjs, so the TypeScript tests can import it.
import type { AfterPackContext } from 'app-builder-lib'
export default function afterPack(context: AfterPackContext): Promise<void>
