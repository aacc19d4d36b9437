#include "dml/operator_schema.h"

#include <iterator>

#include "core/error.h"
#include "dml/operator_names.h"

namespace vkdml::dml {

const SupportRow* SupportTable::at(DML_FEATURE_LEVEL level) const {
    const SupportRow* found = nullptr;
    for (uint32_t i = 0; i < rowCount; ++i)
        if (rows[i].since <= level) found = &rows[i];
    return found;
}

uint32_t operatorTypeCount() { return static_cast<uint32_t>(std::size(kOperatorNames)); }

const char* operatorName(DML_OPERATOR_TYPE type) {
    return unsigned(type) < operatorTypeCount() ? kOperatorNames[type].name : nullptr;
}

DML_FEATURE_LEVEL operatorIntroducedLevel(DML_OPERATOR_TYPE type) {
    return unsigned(type) < operatorTypeCount() ? static_cast<DML_FEATURE_LEVEL>(kOperatorNames[type].introduced)
                                                : static_cast<DML_FEATURE_LEVEL>(0);
}

}  // namespace vkdml::dml
