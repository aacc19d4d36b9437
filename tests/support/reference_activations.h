// reference_activations.h - reference formulas of the element-wise activations beyond the four in reference.h
// (ELU, HARD_SIGMOID, LEAKY_RELU, PARAMETERIZED_RELU, RELU, SCALED_ELU, SCALED_TANH, SIGMOID, SOFTSIGN, TANH,
// THRESHOLDED_RELU, SHRINK, GELU, SWISH, HARD_SWISH) and of erf/erfc; the shader versions are in
// glsl/vkdml_activations.glsl. Same contract as reference.h: exact (float) inputs in, the exact value out as a
// double, evaluated in long double with stable forms (own error a few 2^-64, far below the tolerances).
//
// Rounding: where the result is a product of two floats (LEAKY_RELU, PRELU, SCALED_ELU for x > 0) the double is
// exact; where it is a sum (SHRINK, HARD_SIGMOID) it is the exact value rounded to 53 bits *to odd* (ref_linear),
// so that rounding it again to float or half is the correctly rounded result.
//
// Special values: NaN in any argument gives NaN. Otherwise the DirectML formula is evaluated in extended-real IEEE
// arithmetic with exact intermediates (0 * inf = NaN, inf - inf = NaN, e^-inf = 0), with the functions tanh,
// sigmoid, erf, erfc taking their limits at +-inf. Consequences worth knowing: GELU(-inf) = -inf * 0 = NaN,
// SWISH(-inf, s > 0) = NaN, HARD_SWISH(-inf) = NaN when alpha > 0, ELU(-inf) = -alpha, SCALED_ELU with
// alpha = +-inf is NaN for every x <= 0, SCALED_TANH with alpha = +-inf is NaN at x = 0, SOFTSIGN(+-inf) = +-1
// (the limit; the formula's inf/inf is not used), TANH(+-inf) = +-1, SIGMOID(+-inf) = 1 / 0.
// Subnormal inputs and parameters: the shaders treat them as zeros of the same sign; the tests apply reference.h's
// rule (b) to inputs and pass flushed parameters to these references.
#pragma once

double ref_elu(double x, double alpha);                        // x if x >= 0; alpha (e^x - 1)
double ref_hard_sigmoid(double x, double alpha, double beta);  // max(0, min(alpha x + beta, 1)) (alpha x + beta to odd)
double ref_leaky_relu(double x, double alpha);                 // x if x >= 0; alpha x
double ref_prelu(double x, double slope);                      // x if x >= 0; slope x
double ref_relu(double x);                                     // max(0, x)
double ref_scaled_elu(double x, double alpha, double gamma);   // gamma x if x > 0; gamma (alpha e^x - alpha)
double ref_scaled_tanh(double x, double alpha, double beta);   // alpha tanh(beta x)
double ref_sigmoid(double x);                                  // 1 / (1 + e^-x)
double ref_softsign(double x);                                 // x / (1 + |x|)
double ref_tanh(double x);                                     // tanh(x)
double ref_thresholded_relu(double x, double alpha);           // x if x > alpha; 0
double ref_shrink(double x, double bias, double threshold);    // x - bias if x > t; x + bias if x < -t; 0 (to odd)
double ref_gelu(double x);                                     // 0.5 x (1 + erf(x / sqrt 2))
double ref_swish(double x, double scale);                      // x sigmoid(scale x)
double ref_hard_swish(double x, double alpha, double beta);    // x max(0, min(alpha x + beta, 1))
double ref_erf(double x);
double ref_erfc(double x);
