// The text of DxDispatch's "print" command.
//
// DxDispatch (DxDispatch/src/dxdispatch/Executor.cpp) streams each element with `std::ostream << value`, so floats
// (and FLOAT16, converted to float by half.hpp) print like printf("%g"): 6 significant digits, exponents of at least
// two digits. It runs on Windows, where the C runtime spells non-finite values "inf", "-inf", "nan" and "-nan(ind)"
// (the default NaN of x86 arithmetic), so those spellings are reproduced here rather than glibc's. Values are joined
// with ", " after "Resource '<name>': ". The element count is the size of the resource's initial values (the padding
// up to 4 bytes is not shown). With "verbose": true each element is on its own line as "[<index>] <value> (0x<hex>)",
// the index right-aligned to the width of the largest index and the hex bytes right-aligned (space-padded) to two
// digits per byte.
//
// One deliberate difference: DxDispatch streams INT8/UINT8 elements as characters (an iostream quirk for
// [un]signed char); vkdml-dispatch prints them as numbers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <vkdml/DirectML.h>

namespace vkdml::dispatch {

// One element at `data` (dataTypeSize(type) bytes, little-endian).
std::string formatElement(DML_TENSOR_DATA_TYPE type, const uint8_t* data);
std::string formatFloat(double value);  // "%g" with the Windows spellings of inf and NaN

// The whole message DxDispatch logs (without the trailing newline the logger adds).
std::string formatResource(const std::string& name, DML_TENSOR_DATA_TYPE type, const uint8_t* data,
                           size_t elementCount, bool verbose);

}  // namespace vkdml::dispatch
