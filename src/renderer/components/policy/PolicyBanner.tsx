/**
 * Shown in every window while the organisation's policy refuses turns and tool calls: its file
 * cannot be read (with the path and the parse error), or this version is below the minimum (with the
 * update action). Loaded apart from the first chunk; renders nothing otherwise. It holds the
 * window's one subscription to `switchboard://policy`, feeding the store the settings pages read.
 */
import { useEffect, useRef } from 'react'
import { HostResource, PolicyResourceSchema } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { usePolicyStore } from '../../stores/policyStore'
import { CopyButton } from '../CopyButton'
import { usePolicy } from './usePolicy'

export default function PolicyBanner() {
  const policy = usePolicy()
  const client = useHostClient()
  useEffect(() => client.subscribe(HostResource.policy, PolicyResourceSchema, (next) => usePolicyStore.getState().setPolicy(next)), [client])
  const pathShown = useRef<HTMLElement>(null)
  const block = policy?.block
  if (!policy || !block) return null

  const update = async () => {
    // The app hands the link to the system browser; browser mode opens it itself.
    const answer = await client.call('open_external', { url: policy.updateUrl }).catch(() => ({ opened: false }))
    if (!answer.opened) window.open(policy.updateUrl, '_blank', 'noopener,noreferrer')
  }

  return (
    <div className="px-4 pt-3">
      <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100">
        {block.kind === 'version' ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="min-w-0 flex-1">
              {/^\d/.test(block.required) ? (
                <>
                  <strong className="font-semibold">Your organisation requires version {block.required} or later.</strong> This is version {block.current}; until you update, replies and tool calls are refused. Settings stay open to read.
                </>
              ) : (
                block.message
              )}
            </p>
            <button type="button" onClick={() => void update()} className="rounded-md bg-amber-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-amber-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600">
              Update Switchboard
            </button>
          </div>
        ) : (
          <>
            <p>
              <strong className="font-semibold">Your organisation’s policy file cannot be read</strong>, so replies, tool calls and extensions are stopped until it is fixed.
            </p>
            <p className="mt-1 flex items-center gap-2">
              <code ref={pathShown} className="font-mono text-xs break-all">
                {policy.path}
              </code>
              <CopyButton text={policy.path} shownIn={pathShown} label="Copy the policy file’s path" />
            </p>
            {policy.error && <p className="mt-1 text-xs">{policy.error}</p>}
          </>
        )}
      </div>
    </div>
  )
}
