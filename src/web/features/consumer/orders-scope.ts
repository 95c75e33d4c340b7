import { createContext, useContext } from 'react';
import type { MyOrder } from '@shared/contracts/my-orders';

/**
 * Where an order card's actions go. The signed-in giver's "My orders" is the default; a
 * guest's purchase page (ADR 075) provides its signed link's endpoints, its own query to
 * refresh, and the purchase's signed withdrawal form, since a guest has no session.
 */
export interface OrdersScope {
  /** The orders' endpoints: `<ordersPath>/<id>/resend`, `<ordersPath>/<id>/delivery`. */
  ordersPath: string;
  /** The query that lists these orders, refreshed after an action. */
  listKey: readonly unknown[];
  /** Where the card's "Withdraw from contract here" leads, or null to show no link. */
  withdrawPath: (order: MyOrder) => string | null;
}

export const myOrdersScope: OrdersScope = {
  ordersPath: '/api/my/orders',
  listKey: ['my-orders', 'list'],
  withdrawPath: (order) => (order.checkoutId ? `/withdraw/${order.checkoutId}` : null),
};

export const OrdersScopeContext = createContext<OrdersScope>(myOrdersScope);

export const useOrdersScope = () => useContext(OrdersScopeContext);
