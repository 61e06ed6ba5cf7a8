"""Official Python client for the Bahi financial data API.

    from bahi import Client
    client = Client(api_key="bahi_...", base_url="https://bahi.example")
    client.company_profile("ITC")
    client.daily_quotes("ITC", from_="2024-01-01")

Standard library only; ``to_frame`` needs pandas.
"""

from .client import Client, BahiError, operations
from .frames import to_frame

__all__ = ["Client", "BahiError", "operations", "to_frame"]
__version__ = "0.1.0"
