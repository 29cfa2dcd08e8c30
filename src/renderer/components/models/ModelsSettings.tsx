/** Settings → Models & keys: the providers list, the add form or one provider's edit form. */
import { useModelsStore } from '../../stores/modelsStore'
import { useViewStore } from '../../stores/viewStore'
import { ProviderFormPage } from './ProviderFormPage'
import { ProvidersPage } from './ProvidersPage'

export function ModelsSettings() {
  const page = useViewStore((state) => state.modelsPage)
  const providers = useModelsStore((state) => state.models?.providers)
  switch (page.page) {
    case 'list':
      return <ProvidersPage justSaved={page.justSaved} />
    case 'add':
      // Keyed, so that another preset from the first-run screen starts a fresh form.
      return <ProviderFormPage key={`add-${page.presetId ?? ''}`} presetId={page.presetId} />
    case 'edit': {
      const provider = providers?.find((candidate) => candidate.id === page.id)
      return provider ? <ProviderFormPage key={`edit-${provider.id}`} provider={provider} /> : <ProvidersPage />
    }
  }
}
