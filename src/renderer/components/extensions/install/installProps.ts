/** What every tab of the install page receives: called with the new extension's id once it is added. */
export interface InstallTabProps {
  onInstalled: (extensionId: string) => void
}
