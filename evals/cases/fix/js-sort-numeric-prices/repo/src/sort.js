/** A new array of the products, cheapest first; the input is not changed. */
export function sortByPrice(products) {
  const prices = products.map((product) => product.price).sort();
  const remaining = [...products];
  return prices.map((price) => {
    const index = remaining.findIndex((product) => product.price === price);
    return remaining.splice(index, 1)[0];
  });
}

/** The `n` cheapest products. */
export function cheapest(products, n) {
  return sortByPrice(products).slice(0, n);
}
