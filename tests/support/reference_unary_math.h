// C's libm in double as the reference of the element-wise math functions (the device tests of SIN ... ERF, EXP, LOG,
// SQRT, RECIP), as plain functions so that tables can hold their addresses.
#pragma once

#include <cmath>

namespace vkdml::test {

inline double refExp(double x) { return std::exp(x); }
inline double refLog(double x) { return std::log(x); }
inline double refSqrt(double x) { return std::sqrt(x); }
inline double refRecip(double x) { return 1.0 / x; }
inline double refSin(double x) { return std::sin(x); }
inline double refCos(double x) { return std::cos(x); }
inline double refTan(double x) { return std::tan(x); }
inline double refAsin(double x) { return std::asin(x); }
inline double refAcos(double x) { return std::acos(x); }
inline double refAtan(double x) { return std::atan(x); }
inline double refSinh(double x) { return std::sinh(x); }
inline double refCosh(double x) { return std::cosh(x); }
inline double refTanh(double x) { return std::tanh(x); }
inline double refAsinh(double x) { return std::asinh(x); }
inline double refAcosh(double x) { return std::acosh(x); }
inline double refAtanh(double x) { return std::atanh(x); }
inline double refErf(double x) { return std::erf(x); }

}  // namespace vkdml::test
