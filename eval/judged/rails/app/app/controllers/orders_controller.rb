class OrdersController < ApplicationController
  def index
    @pagy, @orders = pagy(current_user.orders.includes(:listing).order(created_at: :desc))
  end

  def show
    @order = current_user.orders.find(params[:id])
  end

  def create
    result = Checkout.new(buyer: current_user, listing: Listing.find(params[:listing_id])).call
    if result.success?
      redirect_to result.order, notice: "Order placed."
    else
      redirect_to result.listing, alert: result.error
    end
  end
end
