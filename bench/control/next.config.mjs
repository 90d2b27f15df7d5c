/** Next's defaults: the control measures the framework alone. */
const nextConfig = {};

export default nextConfig;
