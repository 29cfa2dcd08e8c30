import { describe, expect, it } from 'vitest'
import { costOf, factsFor } from '../../../src/main/agent'

describe('the model table', () => {
  it('finds a shipped row by the start of the id, the longest match winning, with or without a router prefix', () => {
    expect(factsFor('claude-sonnet-4-5-20250929')).toEqual({ contextWindow: 200_000, inputPrice: 3, outputPrice: 15 })
    expect(factsFor('gpt-4o-mini-2024-07-18')).toMatchObject({ inputPrice: 0.15, outputPrice: 0.6 })
    expect(factsFor('gpt-4o-2024-08-06')).toMatchObject({ inputPrice: 2.5, outputPrice: 10 })
    expect(factsFor('openai/gpt-4.1-mini')).toMatchObject({ contextWindow: 1_047_576, inputPrice: 0.4 })
    expect(factsFor('llama3.2')).toEqual({})
  })

  it("takes the person's rows first, field by field, then the shipped ones", () => {
    const custom = [{ model: 'gpt-4o', inputPrice: 1 }, { model: 'llama3', contextWindow: 8192 }]
    expect(factsFor('gpt-4o', custom)).toEqual({ contextWindow: 128_000, inputPrice: 1, outputPrice: 10 })
    expect(factsFor('llama3.2:3b', custom)).toEqual({ contextWindow: 8192 })
  })

  it('prices usage per million tokens, and only when both prices are known', () => {
    expect(costOf({ input: 1_000_000, output: 500_000 }, { inputPrice: 3, outputPrice: 15 })).toBeCloseTo(10.5)
    expect(costOf({ input: 10, output: 10 }, { inputPrice: 3 })).toBeUndefined()
  })
})
