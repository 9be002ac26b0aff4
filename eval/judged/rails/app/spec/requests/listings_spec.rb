require "rails_helper"

RSpec.describe "Listings", type: :request do
  let(:user) { create(:user) }

  describe "GET /listings" do
    it "lists published listings" do
      create(:listing, :published, title: "Vintage lamp")
      get listings_path
      expect(response.body).to include("Vintage lamp")
    end
  end

  describe "PATCH /listings/:id/publish" do
    it "refuses someone else's listing" do
      sign_in user
      listing = create(:listing)
      patch publish_listing_path(listing)
      expect(listing.reload).to be_draft
    end
  end
end
