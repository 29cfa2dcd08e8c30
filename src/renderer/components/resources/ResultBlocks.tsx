/**
 * The content of a tool result as the person sees it: parts for everyone or for the person shown
 * in order (resources as items that open), and parts meant only for the model
 * (`annotations.audience: ["assistant"]`) folded away under "For the model".
 */
import { parseContentBlocks } from '../extensions/contentBlocks'
import { ContentBlockView } from '../extensions/ContentBlockView'
import { ResourceItem } from './ResourceItem'
import { splitByAudience } from './resourceView'

function Blocks({ content, extensionId }: { content: readonly unknown[]; extensionId?: string }) {
  return parseContentBlocks(content).map((block, index) =>
    block.type === 'resource_link' || block.type === 'resource' ? (
      <ResourceItem key={index} block={block} extensionId={extensionId} />
    ) : (
      <ContentBlockView key={index} block={block} />
    ),
  )
}

export function ResultBlocks({ content, extensionId }: { content: readonly unknown[]; extensionId?: string }) {
  const { shown, forModel } = splitByAudience(content)
  return (
    <>
      {content.length === 0 && <p className="text-xs text-zinc-500 dark:text-zinc-400">The tool returned no content.</p>}
      <Blocks content={shown} extensionId={extensionId} />
      {forModel.length > 0 && (
        <details className="rounded-md border border-dashed border-zinc-300 px-3 py-1.5 dark:border-zinc-700">
          <summary className="cursor-pointer text-xs font-medium text-zinc-600 select-none dark:text-zinc-400">
            For the model ({forModel.length === 1 ? '1 part' : `${forModel.length} parts`} not meant for you)
          </summary>
          <div className="mt-2 space-y-3">
            <Blocks content={forModel} extensionId={extensionId} />
          </div>
        </details>
      )}
    </>
  )
}
