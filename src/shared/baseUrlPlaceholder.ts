/**
 * A preset's base URL may hold a part the person fills in: Azure OpenAI's address carries the
 * name of their resource. Main refuses to save it unfilled, and the provider form says so first.
 */
export const RESOURCE_NAME_PLACEHOLDER = 'YOUR-RESOURCE-NAME'

export const fillInPlaceholderProblem = `replace ${RESOURCE_NAME_PLACEHOLDER} with the name of your resource (Azure portal → your resource → Keys and Endpoint)`
