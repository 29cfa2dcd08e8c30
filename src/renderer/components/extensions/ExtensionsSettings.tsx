/** Settings → Extensions: the list, one extension's details, or the add form. */
import { useViewStore } from '../../stores/viewStore'
import { AddExtensionForm } from './add/AddExtensionForm'
import { ExtensionDetailsPage } from './ExtensionDetails'
import { ExtensionList } from './ExtensionList'

export function ExtensionsSettings() {
  const page = useViewStore((state) => state.extensionsPage)
  switch (page.page) {
    case 'list':
      return <ExtensionList />
    case 'add':
      return <AddExtensionForm />
    case 'details':
      // Keyed, so that another extension's page starts fresh (tabs, open run forms, log subscription).
      return <ExtensionDetailsPage key={page.id} id={page.id} />
  }
}
