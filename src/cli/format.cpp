// format.cpp: text and JSON lines, and times in ISO 8601.
#include "format.hpp"

#include <cinttypes>
#include <cstdio>

namespace idgen_decode {
namespace {

int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

// Howard Hinnant's civil_from_days: proleptic Gregorian, any year, the same
// calendar PostgreSQL prints (a v1 UUID's time goes back to 1582).
void civil_from_days(int64_t days, int64_t* y, int* m, int* d) {
    days += 719468;
    const int64_t era = floor_div(days, 146097);
    const int64_t doe = days - era * 146097;
    const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int64_t mp = (5 * doy + 2) / 153;
    *d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    *m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

void append_json_string(std::string* out, std::string_view s) {
    *out += '"';
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            *out += '\\';
            *out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buf[8];
            snprintf(buf, sizeof buf, "\\u%04x", c);
            *out += buf;
        } else {
            *out += static_cast<char>(c);
        }
    }
    *out += '"';
}

std::string value_text(const Field& f) {
    switch (f.type) {
        case Field::Type::Number: return std::to_string(f.number);
        case Field::Type::Text: return std::string(f.text);
        case Field::Type::Time: return iso_time(f.number);
        case Field::Type::Null: return "null";
    }
    return "";
}

}  // namespace

std::string iso_time(int64_t unix_us) {
    constexpr int64_t kUsPerDay = INT64_C(86400000000);
    const int64_t days = floor_div(unix_us, kUsPerDay);
    const int64_t us_of_day = unix_us - days * kUsPerDay;
    int64_t year;
    int month, day;
    civil_from_days(days, &year, &month, &day);
    const int64_t s = us_of_day / 1000000, us = us_of_day % 1000000;
    char buf[64];
    int n = snprintf(buf, sizeof buf, "%04" PRId64 "-%02d-%02dT%02d:%02d:%02d", year, month, day,
                     static_cast<int>(s / 3600), static_cast<int>(s / 60 % 60), static_cast<int>(s % 60));
    if (us % 1000 == 0)
        snprintf(buf + n, sizeof buf - n, ".%03dZ", static_cast<int>(us / 1000));
    else
        snprintf(buf + n, sizeof buf - n, ".%06dZ", static_cast<int>(us));
    return buf;
}

namespace {

// KIND name=value ...
std::string text_reading(const Decoded& d) {
    std::string text(kind_name(d.kind));
    for (const Field& f : d.fields) {
        text += ' ';
        text += f.name;
        text += '=';
        text += value_text(f);
    }
    return text;
}

// "kind":"...","name":value,...
std::string json_reading(const Decoded& d) {
    std::string members = "\"kind\":";
    append_json_string(&members, kind_name(d.kind));
    for (const Field& f : d.fields) {
        members += ',';
        append_json_string(&members, f.name);
        members += ':';
        if (f.type == Field::Type::Number || f.type == Field::Type::Null)
            members += value_text(f);
        else
            append_json_string(&members, value_text(f));
    }
    return members;
}

}  // namespace

std::string text_line(std::string_view input, const Decoded& d) {
    std::string line(input);
    line += ' ';
    line += text_reading(d);
    for (const Decoded& other : d.others) {
        line += "\n  or ";
        line += text_reading(other);
    }
    return line;
}

std::string json_line(std::string_view input, const Decoded& d) {
    std::string line = "{\"input\":";
    append_json_string(&line, input);
    line += ',';
    line += json_reading(d);
    if (!d.others.empty()) {
        line += ",\"or\":[";
        for (size_t i = 0; i < d.others.size(); ++i) {
            if (i > 0) line += ',';
            line += '{' + json_reading(d.others[i]) + '}';
        }
        line += ']';
    }
    line += '}';
    return line;
}

std::string quoted(std::string_view input) {
    std::string out = "\"";
    for (unsigned char c : input) {
        if (c >= ' ' && c < 127 && c != '\\' && c != '"') {
            out += static_cast<char>(c);
        } else {
            char buf[8];
            snprintf(buf, sizeof buf, "\\x%02X", c);
            out += buf;
        }
    }
    return out + "\"";
}

}  // namespace idgen_decode
