/** Settings → Extensions: the list, one extension's details or its edit form, or the install page (its "By hand" tab unless another is named). */
import { useViewStore } from '../../stores/viewStore'
import { ExtensionDetailsPage } from './ExtensionDetails'
import { ExtensionList } from './ExtensionList'
import { InstallPage } from './install/InstallPage'
import { EditExtensionPage } from './add/EditExtensionPage'

export function ExtensionsSettings() {
  const page = useViewStore((state) => state.extensionsPage)
  switch (page.page) {
    case 'list':
      return <ExtensionList />
    case 'add':
      return <InstallPage tab={page.tab ?? 'manual'} link={page.link} requestId={page.requestId} />
    case 'details':
      // Keyed, so that another extension's page starts fresh (tabs, open run forms, log subscription).
      return <ExtensionDetailsPage key={page.id} id={page.id} />
    case 'edit':
      return <EditExtensionPage key={page.id} id={page.id} />
  }
}
