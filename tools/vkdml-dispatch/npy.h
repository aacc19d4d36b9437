// NumPy .npy files (format versions 1.0, 2.0 and 3.0): read into raw little-endian element bytes, and write.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <vkdml/DirectML.h>

namespace vkdml::dispatch {

struct NpyArray {
    DML_TENSOR_DATA_TYPE dataType = DML_TENSOR_DATA_TYPE_UNKNOWN;
    std::vector<uint64_t> shape;  // empty for a 0-d array (one element)
    std::vector<uint8_t> data;    // little-endian, C order
};

// Throws std::runtime_error naming the problem (bad magic, unsupported dtype, Fortran order, truncated data, ...).
NpyArray readNpy(const std::vector<uint8_t>& file);

// Version 1.0 header ({'descr': '<f4', 'fortran_order': False, 'shape': (n,), }) padded with spaces so that the data
// starts at a multiple of 64 bytes, then `data`.
std::vector<uint8_t> writeNpy(DML_TENSOR_DATA_TYPE dataType, const std::vector<uint64_t>& shape,
                              const uint8_t* data, size_t bytes);

// '<f4' etc.; throws std::invalid_argument for types .npy cannot hold (UNKNOWN, 4-bit).
std::string npyDescr(DML_TENSOR_DATA_TYPE dataType);

}  // namespace vkdml::dispatch
