require "rails_helper"

RSpec.describe Checkout do
  it "creates an order and marks the listing sold" do
    listing = create(:listing, :published)
    result = described_class.new(buyer: create(:user), listing: listing).call
    expect(result).to be_success
    expect(listing.reload).to be_sold
  end
end
