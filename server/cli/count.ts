/** A count as words a person reads: "1 lead", "2 leads", "0 feedback messages", never "lead(s)". */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
