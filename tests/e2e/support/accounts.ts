/** The first administrator of the end-to-end run's fresh database. */
export const e2eAdmin = { email: 'admin@e2e.palette.local', password: 'E2eAdmin2026' } as const;
