class Checkout
  Result = Struct.new(:success?, :order, :listing, :error, keyword_init: true)

  def initialize(buyer:, listing:)
    @buyer = buyer
    @listing = listing
  end

  def call
    order = nil
    Listing.transaction do
      @listing.lock!
      return failure("Listing is no longer available") unless @listing.published?

      order = Order.create!(buyer: @buyer, listing: @listing, amount_cents: @listing.price_cents)
      @listing.sold!
    end
    Result.new(success?: true, order: order, listing: @listing)
  end

  private

  def failure(message)
    Result.new(success?: false, listing: @listing, error: message)
  end
end
