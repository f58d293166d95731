// published_vectors.hpp: the rows of a test/vectors/*.tsv file (tab-separated,
// # comments), for the tests that check the core against a family's
// published vectors.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

inline std::vector<std::vector<std::string>> published_vectors(const std::string& file) {
    std::vector<std::vector<std::string>> rows;
    std::ifstream in(std::string(IDGEN_VECTORS_DIR) + "/" + file);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> row;
        std::stringstream fields(line);
        std::string field;
        while (std::getline(fields, field, '\t')) row.push_back(field);
        rows.push_back(row);
    }
    return rows;
}

inline std::string hex_of(const uint8_t* bytes, size_t n) {
    static const char digits[] = "0123456789abcdef";
    std::string s;
    for (size_t i = 0; i < n; ++i) {
        s += digits[bytes[i] >> 4];
        s += digits[bytes[i] & 15];
    }
    return s;
}
