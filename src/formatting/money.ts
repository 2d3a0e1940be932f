/** NGN amounts as the app shows them (DESIGN §3): `₦1,234.50`. */
export { formatNaira } from '../../reference/money';
