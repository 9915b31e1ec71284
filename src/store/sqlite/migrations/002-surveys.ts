export const surveys = `\n`;
