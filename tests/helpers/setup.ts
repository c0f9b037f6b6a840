// Tests never read the developer's own data folder or environment configuration.
for (const key of Object.keys(process.env)) {
  if (key.startsWith('OCTAVO_') && key !== 'OCTAVO_TEST_VENDORS') delete process.env[key];
}
