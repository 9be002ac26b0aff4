require "rails_helper"

RSpec.describe "Checkout", type: :system do
  it "lets a buyer purchase a published listing" do
    buyer = create(:user)
    listing = create(:listing, :published, title: "Road bike")
    sign_in buyer

    visit listing_path(listing)
    click_on "Buy now"

    expect(page).to have_content("Order placed.")
  end
end
