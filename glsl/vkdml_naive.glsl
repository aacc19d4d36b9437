// vkdml-bench's naive baselines: each formula written plainly with the driver's exp/log, as other runtimes write it
// (no range reduction, no cancellation handling). Never chosen for an operator.
float vk_naive_celu(float x, float alpha) { return max(0.0, x) + min(0.0, alpha * (exp(x / alpha) - 1.0)); }
float vk_naive_elu(float x, float alpha) { return x >= 0.0 ? x : alpha * (exp(x) - 1.0); }
float vk_naive_linear(float x, float alpha, float beta) { return x; }  // the plain copy LINEAR is measured against
float vk_naive_parametric_softplus(float x, float alpha, float beta) { return alpha * log(1.0 + exp(beta * x)); }
float vk_naive_relu(float x) { return max(x, 0.0); }
float vk_naive_sigmoid(float x) { return 1.0 / (1.0 + exp(-x)); }
float vk_naive_softplus(float x, float steepness) { return log(1.0 + exp(steepness * x)) / steepness; }
float vk_naive_tanh(float x) { return tanh(x); }
