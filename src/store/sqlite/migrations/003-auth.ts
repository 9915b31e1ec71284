export const auth = `\n`;
