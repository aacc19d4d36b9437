# The dynamic symbols a drop-in library defines must be exactly EXPECTED (;-separated): nothing missing, nothing
# else (no C++ internals). Inputs: LIBRARY, EXPECTED, NM.
include(${CMAKE_CURRENT_LIST_DIR}/../../abi/dynamic_symbols.cmake)
vkdml_dynamic_symbols(${LIBRARY} ${NM} exported)
set(expected ${EXPECTED})
list(SORT expected)
if(NOT exported STREQUAL expected)
  message(FATAL_ERROR "${LIBRARY} exports\n  ${exported}\nexpected\n  ${expected}")
endif()
message(STATUS "${LIBRARY} exports exactly the expected symbols")
