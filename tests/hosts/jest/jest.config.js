/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jsdom',
  // The package ships ES modules: babel-jest turns them into CommonJS, as it does the project's own files.
  transformIgnorePatterns: ['/node_modules/(?!ai-agent-widgets/)'],
};
