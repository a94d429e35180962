/** Degrees Celsius to degrees Fahrenheit. */
export function toFahrenheit(celsius) {
  return (celsius * 9) / 5 + 32;
}

/** Degrees Fahrenheit to degrees Celsius. */
export function toCelsius(fahrenheit) {
  return ((fahrenheit - 32) * 9) / 5;
}
