export declare const PNG_SIZES: number[]
export declare function renderIcons(options: { source: string; outDir: string }): Promise<string[]>
